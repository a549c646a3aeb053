/**
 * The contact form's validation rules (SPEC section 5) as a yup schema, for
 * Formik. Kept apart from contact.ts so that yup loads with the form's
 * engine, after the page has painted (issue 18).
 * Messages are keys of locales/<lang>/contact.json.
 */
import { object, string, type ObjectSchema } from 'yup';
import { isValidEmail, type ContactValues } from './contact';

/** Messages are keys of the contact namespace, translated where they are shown. */
export const contactSchema: ObjectSchema<ContactValues> = object({
  name: string().default('').test('name', 'errors.name', (value) => (value ?? '').trim().length > 0),
  email: string()
    .default('')
    .test('email', 'errors.email', (value) => isValidEmail((value ?? '').trim())),
  business: string().default(''),
  message: string().default('').test('message', 'errors.message', (value) => (value ?? '').trim().length > 0),
  website: string().default(''),
});
