import React from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactField, ContactValues } from '../../lib/contact';
import { Icon } from '../Icon';
import { Spinner } from '../Spinner';
import * as buttons from '../../styles/buttons.module.css';
import * as styles from './ContactForm.module.css';

export type ContactStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; reason: 'timeout' | 'failed' };

/** The keys of the validation messages (contactSchema), shown under their field. */
export type ContactErrorKey = 'errors.name' | 'errors.email' | 'errors.message';

type Control = HTMLInputElement | HTMLTextAreaElement;

export interface ContactFormViewProps {
  values: ContactValues;
  /** The errors to show now: only for fields touched or changed. */
  errors: Partial<Record<ContactField, ContactErrorKey>>;
  status: ContactStatus;
  /** False until the form's engine (Formik and yup) has loaded: Submit stays disabled. */
  ready: boolean;
  onChange: React.ChangeEventHandler<Control>;
  onBlur: React.FocusEventHandler<Control>;
  onSubmit: () => void;
  /** The visitor reached for the form (focus, pointer, touch, key): time to load the engine. */
  onFirstUse?: () => void;
  fieldRefs?: Partial<Record<ContactField, React.Ref<Control>>>;
  noticeRef?: React.Ref<HTMLParagraphElement>;
  formRef?: React.Ref<HTMLFormElement>;
}

/**
 * The contact form's markup, the same before and after its engine loads:
 * the static HTML shows the whole form with Submit disabled, so nothing is
 * sent (and nothing typed lands in a URL) before the page can send it.
 */
export function ContactFormView(props: ContactFormViewProps): React.JSX.Element {
  const { values, errors, status, ready, onChange, onBlur, onFirstUse, fieldRefs = {} } = props;
  const { t } = useTranslation('contact');
  const sent = status.kind === 'sent';
  const sending = status.kind === 'sending';

  const control = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange,
    onBlur,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
    className: [styles.control, errors[field] ? styles.invalid : ''].join(' '),
  });

  const errorText = (field: ContactField) => {
    const error = errors[field];
    // The texts carry the spec's spaces, trimmed for display.
    return error ? (
      <p id={`contact-${field}-error`} className={styles.error}>
        <Icon name="alert" size={16} />
        {t(error).trim()}
      </p>
    ) : null;
  };

  return (
    <form
      ref={props.formRef}
      className={styles.form}
      method="post"
      noValidate
      aria-label={t('form.label')}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) props.onSubmit();
      }}
      onFocus={onFirstUse}
      onPointerEnter={onFirstUse}
      onTouchStart={onFirstUse}
      onKeyDown={onFirstUse}
    >
      <fieldset className={styles.fieldset} disabled={sent}>
        <div className={styles.field}>
          <label htmlFor="contact-name" className={styles.label}>
            {t('form.name')}
          </label>
          <input ref={fieldRefs.name as React.Ref<HTMLInputElement>} type="text" autoComplete="name" aria-required="true" {...control('name')} />
          {errorText('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-email" className={styles.label}>
            {t('form.email')}
          </label>
          <input
            ref={fieldRefs.email as React.Ref<HTMLInputElement>}
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
            {...control('email')}
          />
          {errorText('email')}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-business" className={styles.label}>
            {t('form.business')} <span className={styles.optional}>{t('form.optional')}</span>
          </label>
          <input ref={fieldRefs.business as React.Ref<HTMLInputElement>} type="text" autoComplete="organization" {...control('business')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-message" className={styles.label}>
            {t('form.message')}
          </label>
          <textarea ref={fieldRefs.message as React.Ref<HTMLTextAreaElement>} aria-required="true" {...control('message')} />
          {errorText('message')}
        </div>
        {/* Honeypot: off screen, out of the tab order and hidden from screen readers. */}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="contact-website">{t('form.honeypot')}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={values.website} onChange={onChange} />
        </div>
        {status.kind === 'failed' && (
          <p className={styles.failure} role="alert">
            <Icon name="alert" size={20} />
            {t(status.reason === 'timeout' ? 'errors.timeout' : 'errors.failed')}
          </p>
        )}
        {/* aria-disabled while sending, not disabled: a disabled button loses keyboard focus. */}
        <button
          type="submit"
          className={`${buttons.primary} ${styles.submit}`}
          disabled={sent || !ready}
          aria-disabled={sending || undefined}
        >
          {sending && <Spinner />}
          {sending ? t('form.sending') : t('form.submit')}
        </button>
      </fieldset>
      <div role="status">
        {sent && (
          <p ref={props.noticeRef} className={styles.success} tabIndex={-1}>
            <Icon name="check" size={22} />
            {t('success')}
          </p>
        )}
      </div>
    </form>
  );
}
