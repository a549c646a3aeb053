import React, { useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { siteConfig } from '../../lib/config';
import {
  CONTACT_FIELDS,
  EMPTY_CONTACT,
  buildContactRequest,
  contactSchema,
  isLikelyBot,
  sendContactMessage,
  type ContactField,
  type ContactValues,
} from '../../lib/contact';
import { Icon } from '../Icon';
import { Spinner } from '../Spinner';
import { useContactDraft } from './useContactDraft';
import * as buttons from '../../styles/buttons.module.css';
import * as styles from './ContactForm.module.css';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; reason: 'timeout' | 'failed' };

const ALL_TOUCHED: Record<ContactField, boolean> = { name: true, email: true, business: true, message: true };

/**
 * The contact form (Formik + Yup). Errors show once a field was touched or
 * changed; an invalid submit sends nothing and focuses the first invalid
 * field; a failed request keeps every value and can be sent again. Focus is
 * never dropped: Submit stays focusable while sending, and once the message
 * is sent, the now disabled form hands focus to the success notice.
 */
export function ContactForm(): React.JSX.Element {
  const { t } = useTranslation('contact');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
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
    initialValues: EMPTY_CONTACT,
    validationSchema: contactSchema,
    // Submission is handled below, to log, focus and guard as the spec asks.
    onSubmit: () => undefined,
  });
  const forgetDraft = useContactDraft(formik.values, (draft) => void formik.setValues(draft, true));

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
      inFlight.current = false;
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
      setStatus({ kind: 'failed', reason: error instanceof ApiError && error.kind === 'timeout' ? 'timeout' : 'failed' });
    }
  };

  /** The error to show for a field: only once it was touched or changed. */
  const errorOf = (field: ContactField): string | undefined => {
    const error = formik.errors[field];
    const seen = formik.touched[field] || formik.values[field] !== formik.initialValues[field];
    return error && seen ? error : undefined;
  };

  const fieldProps = (field: ContactField) => {
    const error = errorOf(field);
    return {
      id: `contact-${field}`,
      name: field,
      value: formik.values[field],
      onChange: formik.handleChange,
      onBlur: formik.handleBlur,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `contact-${field}-error` : undefined,
      className: [styles.control, error ? styles.invalid : ''].join(' '),
    };
  };

  const errorText = (field: ContactField) => {
    const error = errorOf(field);
    // Keys from contactSchema; the texts carry the spec's spaces, trimmed for display.
    return error ? (
      <p id={`contact-${field}-error`} className={styles.error}>
        <Icon name="alert" size={16} />
        {t(error as 'errors.name' | 'errors.email' | 'errors.message').trim()}
      </p>
    ) : null;
  };

  const sent = status.kind === 'sent';
  const sending = status.kind === 'sending';
  // Disabling the fieldset takes focus from whatever control held it.
  useEffect(() => {
    if (sent) notice.current?.focus();
  }, [sent]);
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label={t('form.label')}>
      <fieldset className={styles.fieldset} disabled={sent}>
        <div className={styles.field}>
          <label htmlFor="contact-name" className={styles.label}>
            {t('form.name')}
          </label>
          <input ref={fields.name} type="text" autoComplete="name" aria-required="true" {...fieldProps('name')} />
          {errorText('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-email" className={styles.label}>
            {t('form.email')}
          </label>
          <input ref={fields.email} type="email" autoComplete="email" inputMode="email" aria-required="true" {...fieldProps('email')} />
          {errorText('email')}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-business" className={styles.label}>
            {t('form.business')} <span className={styles.optional}>{t('form.optional')}</span>
          </label>
          <input ref={fields.business} type="text" autoComplete="organization" {...fieldProps('business')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-message" className={styles.label}>
            {t('form.message')}
          </label>
          <textarea ref={fields.message} aria-required="true" {...fieldProps('message')} />
          {errorText('message')}
        </div>
        {/* Honeypot: off screen, out of the tab order and hidden from screen readers. */}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="contact-website">{t('form.honeypot')}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={formik.values.website} onChange={formik.handleChange} />
        </div>
        {status.kind === 'failed' && (
          <p className={styles.failure} role="alert">
            <Icon name="alert" size={20} />
            {t(status.reason === 'timeout' ? 'errors.timeout' : 'errors.failed')}
          </p>
        )}
        {/* aria-disabled while sending, not disabled: a disabled button loses keyboard focus. */}
        <button type="submit" className={`${buttons.primary} ${styles.submit}`} disabled={sent} aria-disabled={sending || undefined}>
          {sending && <Spinner />}
          {sending ? t('form.sending') : t('form.submit')}
        </button>
      </fieldset>
      <div role="status">
        {sent && (
          <p ref={notice} className={styles.success} tabIndex={-1}>
            <Icon name="check" size={22} />
            {t('success')}
          </p>
        )}
      </div>
    </form>
  );
}
