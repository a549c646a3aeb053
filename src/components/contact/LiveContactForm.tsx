import React, { useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { siteConfig } from '../../lib/config';
import { CONTACT_FIELDS, EMPTY_CONTACT, buildContactRequest, contactFailure, isLikelyBot, sendContactMessage, type ContactField, type ContactValues } from '../../lib/contact';
import { contactSchema } from '../../lib/contactSchema';
import { ContactFormView, type ContactErrorKey, type ContactStatus } from './ContactFormView';
import { forgetDraft, useSaveDraft } from './useContactDraft';

const ALL_TOUCHED: Record<ContactField, boolean> = { name: true, email: true, business: true, message: true };

export interface LiveContactFormProps {
  /** What the visitor typed before this engine loaded. */
  values: ContactValues;
  /** The fields the visitor has left before it loaded. */
  touched: Partial<Record<ContactField, boolean>>;
}

/**
 * The contact form's engine (Formik + Yup), loaded by ContactForm once the
 * visitor reaches for the form. Errors show once a field was touched or
 * changed; an invalid submit sends nothing and focuses the first invalid
 * field; a failed request keeps every value and can be sent again. Focus is
 * never dropped: Submit stays focusable while sending, and once the message
 * is sent, the now disabled form hands focus to the success notice.
 */
export function LiveContactForm({ values, touched }: LiveContactFormProps): React.JSX.Element {
  const [status, setStatus] = useState<ContactStatus>({ kind: 'idle' });
  // Set from the first click until a failure: a second click, even one that
  // lands before React re-renders the disabled button, sends nothing.
  const inFlight = useRef(false);
  const fields = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    business: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const notice = useRef<HTMLParagraphElement>(null);

  const formik = useFormik<ContactValues>({
    initialValues: values,
    initialTouched: touched,
    validationSchema: contactSchema,
    // What was typed before the engine loaded is checked at once.
    validateOnMount: true,
    // Submission is handled below, to log, focus and guard as the spec asks.
    onSubmit: () => undefined,
  });
  useSaveDraft(formik.values, status.kind !== 'sent');

  const submit = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const errors = await formik.validateForm();
    const invalid = CONTACT_FIELDS.filter((field) => errors[field]);
    if (invalid.length > 0) {
      inFlight.current = false;
      console.log('form invalid');
      void formik.setTouched(ALL_TOUCHED, false);
      fields[invalid[0]].current?.focus();
      return;
    }
    if (isLikelyBot(formik.values)) {
      // Dropped, but answered like any message, so a bot learns nothing.
      if (process.env.NODE_ENV === 'development') console.info('Contact form: the hidden field was filled in; the message was dropped.');
      forgetDraft();
      setStatus({ kind: 'sent' });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const answer = await sendContactMessage(buildContactRequest(formik.values, siteConfig.productName), {
        apiUrl: siteConfig.apiUrl,
        apiKey: siteConfig.apiKey,
      });
      console.log('Contact message sent:', answer);
      forgetDraft();
      // inFlight stays set: a sent form is done, whatever clicks are still queued.
      setStatus({ kind: 'sent' });
    } catch (error) {
      console.error('Contact message not sent:', error);
      inFlight.current = false;
      setStatus({ kind: 'failed', failure: contactFailure(error) });
    }
  };

  /** Errors show once a field was touched or differs from the empty form (SPEC section 5). */
  const visibleErrors: Partial<Record<ContactField, ContactErrorKey>> = {};
  for (const field of CONTACT_FIELDS) {
    const { error, touched: left, value } = formik.getFieldMeta(field);
    if (error && (left || value !== EMPTY_CONTACT[field])) visibleErrors[field] = error as ContactErrorKey;
  }

  const sent = status.kind === 'sent';
  // Disabling the fieldset takes focus from whatever control held it.
  useEffect(() => {
    if (sent) notice.current?.focus();
  }, [sent]);

  return (
    <ContactFormView
      values={formik.values}
      errors={visibleErrors}
      status={status}
      ready
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      onSubmit={() => void submit()}
      onHoneypotChange={(website) => void formik.setFieldValue('website', website)}
      fieldRefs={fields}
      noticeRef={notice}
    />
  );
}
