import React, { useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { siteConfig, IS_DEVELOPMENT } from '../site/settings';
import { CONTACT_FIELDS, buildContactRequest, contactFailure, isLikelyBot, sendContactMessage, type ContactField, type ContactValues } from './contact';
import { contactSchema } from './contactSchema';
import { ContactFormView, type ContactErrorKey, type ContactStatus } from './ContactFormView';
import { forgetDraft, useSaveDraft } from './useContactDraft';

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
  // Set from the first valid submit until a failure: a second click, even one
  // that lands before React re-renders the disabled button, sends nothing.
  const inFlight = useRef(false);
  // Set by send, which Formik calls only for a valid form; read as the submit ends.
  const validSubmit = useRef(false);
  const notice = useRef<HTMLParagraphElement>(null);

  const send = async (submitted: ContactValues) => {
    validSubmit.current = true;
    if (inFlight.current) return;
    inFlight.current = true;
    if (isLikelyBot(submitted)) {
      // Dropped, but answered like any message, so a bot learns nothing.
      if (IS_DEVELOPMENT) console.info('Contact form: the hidden field was filled in; the message was dropped.');
      forgetDraft();
      setStatus({ kind: 'sent' });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const answer = await sendContactMessage(buildContactRequest(submitted, siteConfig.productName), {
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

  const formik = useFormik<ContactValues>({
    initialValues: values,
    initialTouched: touched,
    validationSchema: contactSchema,
    // What was typed before the engine loaded is checked at once.
    validateOnMount: true,
    // Formik touches every field (so every error shows) and sends only a valid form.
    onSubmit: send,
  });
  useSaveDraft(formik.values, status.kind !== 'sent');

  const { submitCount, isSubmitting, errors } = formik;
  // The submit this effect last answered: it runs when a submit ends, not whenever typing changes the errors.
  const answeredSubmit = useRef(0);
  useEffect(() => {
    if (submitCount === answeredSubmit.current || isSubmitting) return;
    answeredSubmit.current = submitCount;
    if (validSubmit.current) {
      validSubmit.current = false;
      return;
    }
    // Formik stopped this submit: the form is invalid.
    console.log('form invalid');
    const invalid = CONTACT_FIELDS.find((field) => errors[field]);
    if (invalid) document.getElementById(`contact-${invalid}`)?.focus();
  }, [submitCount, isSubmitting, errors]);

  const sent = status.kind === 'sent';
  // Disabling the fieldset takes focus from whatever control held it.
  useEffect(() => {
    if (sent) notice.current?.focus();
  }, [sent]);

  return (
    <ContactFormView
      field={(name) => {
        const { error, touched: left, value } = formik.getFieldMeta(name);
        // Errors show once a field was touched or holds text (SPEC section 5).
        const shown = error && (left || value !== '') ? (error as ContactErrorKey) : undefined;
        return { ...formik.getFieldProps(name), error: shown };
      }}
      honeypot={formik.values.website}
      onHoneypotChange={(website) => void formik.setFieldValue('website', website)}
      status={status}
      ready
      onSubmit={() => void formik.submitForm()}
      noticeRef={notice}
    />
  );
}
