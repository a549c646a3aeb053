/**
 * The contact form's validation rules (SPEC section 5) as a yup schema, for
 * Formik. Kept apart from contact.ts so that yup loads with the form's
 * engine, after the page has painted (yup cost the page's first paint).
 * Messages are keys of locales/<lang>/contact.json.
 */
import { object, string, type ObjectSchema } from 'yup';
import { isValidEmail } from '../site/email';
import { CONTACT_LIMITS, type ContactField, type ContactValues } from './contact';

/** At most the field's limit (CONTACT_LIMITS), with the field's own message. */
const withinLimit = (field: ContactField) => (value: string | undefined) => (value ?? '').length <= CONTACT_LIMITS[field];

/** Messages are keys of the contact namespace, translated where they are shown. */
export const contactSchema: ObjectSchema<ContactValues> = object({
  name: string()
    .default('')
    .test('name', 'errors.name', (value) => (value ?? '').trim().length > 0)
    .test('name-length', 'errors.nameTooLong', withinLimit('name')),
  email: string()
    .default('')
    .test('email', 'errors.email', (value) => isValidEmail((value ?? '').trim())),
  business: string().default('').test('business-length', 'errors.businessTooLong', withinLimit('business')),
  message: string()
    .default('')
    .test('message', 'errors.message', (value) => (value ?? '').trim().length > 0)
    .test('message-length', 'errors.messageTooLong', withinLimit('message')),
  website: string().default(''),
});
