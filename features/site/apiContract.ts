/**
 * The calls the site makes to the application's APIs (SPEC section 7), and
 * where the local sandbox stands in for the application itself: the site
 * calls these paths, the sandbox (features/sandbox/server.node.ts) answers them, and the
 * commands point a local build at them (system/processes.ts). Pure, so pages
 * load it.
 */

/** "Available plans": GET {payments API}/available-plans/, the subscription plans the pricing page lists. */
export const AVAILABLE_PLANS_PATH = '/available-plans/';

/** "Contact submission": POST {API}/api/Users/ContactUs, the contact form's message. */
export const CONTACT_SUBMISSION_PATH = '/api/Users/ContactUs';

/** The header both calls carry their fixed public key in. */
export const API_KEY_HEADER = 'apiKey';

/** Where the sandbox serves its one-page stand-in for the application (a local build's GATSBY_APP_URL is the sandbox's address plus this). */
export const SANDBOX_APP_PATH = '/app';
