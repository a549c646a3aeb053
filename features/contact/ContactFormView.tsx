import React from 'react';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../site/settings';
import { CONTACT_LIMITS, mailtoHref, messageCharactersLeft, type ContactFailure, type ContactField } from './contact';
import { Icon } from '../site/Icon';
import { Spinner } from '../site/Spinner';
import * as buttons from '../site/buttons.module.css';
import * as styles from './ContactForm.module.css';

export type ContactStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; failure: ContactFailure };

/** The keys of the validation messages (contactSchema), shown under their field. */
export type ContactErrorKey = 'errors.name' | 'errors.nameTooLong' | 'errors.email' | 'errors.businessTooLong' | 'errors.message' | 'errors.messageTooLong';

/** The name of the honeypot field: one no browser's autofill fills in. */
export const HONEYPOT_NAME = 'leave_this_empty';

/** Why the message was not sent, in the visitor's words; everything typed is still in the form. */
function FailureText({ failure }: { failure: ContactFailure }): React.JSX.Element {
  const { t } = useTranslation('contact');
  const email = siteConfig.contactEmail;
  switch (failure.kind) {
    case 'rejected':
      return (
        <span>
          {t('errors.rejected')}
          {failure.reason && <> {t('errors.rejectedReason', { reason: failure.reason })}</>}
        </span>
      );
    case 'unavailable':
      return (
        <span>
          {t('errors.unavailable')} <a href={mailtoHref(email)}>{email}</a>
        </span>
      );
    case 'timeout':
      return <span>{t('errors.timeout')}</span>;
    case 'failed':
      return <span>{t('errors.failed')}</span>;
  }
}

type Control = HTMLInputElement | HTMLTextAreaElement;

/** One field as the form shows it: what Formik's getFieldProps gives, and the error to show now, if any. */
export interface ContactFieldProps {
  name: string;
  value: string;
  onChange: React.ChangeEventHandler<Control>;
  onBlur: React.FocusEventHandler<Control>;
  error?: ContactErrorKey;
}

export interface ContactFormViewProps {
  field: (name: ContactField) => ContactFieldProps;
  /** The honeypot's value; its name differs from the value's key on purpose (HONEYPOT_NAME). */
  honeypot: string;
  /** The honeypot changed (a bot). */
  onHoneypotChange: (value: string) => void;
  status: ContactStatus;
  /** False until the form's engine (Formik and yup) has loaded: Submit stays disabled. */
  ready: boolean;
  onSubmit: () => void;
  /** The visitor reached for the form (focus, pointer, touch, key): time to load the engine. */
  onFirstUse?: () => void;
  noticeRef?: React.Ref<HTMLParagraphElement>;
  formRef?: React.Ref<HTMLFormElement>;
}

/**
 * The contact form's markup, the same before and after its engine loads:
 * the static HTML shows the whole form with Submit disabled, so nothing is
 * sent (and nothing typed lands in a URL) before the page can send it.
 */
export function ContactFormView(props: ContactFormViewProps): React.JSX.Element {
  const { field, status, ready, onFirstUse, formRef, noticeRef } = props;
  const { t } = useTranslation('contact');
  const sent = status.kind === 'sent';
  const sending = status.kind === 'sending';

  const charactersLeft = messageCharactersLeft(field('message').value);
  const control = (name: ContactField, describedBy: string[] = []) => {
    const { error, ...fieldProps } = field(name);
    const descriptions = [...(error ? [`contact-${name}-error`] : []), ...describedBy];
    return {
      id: `contact-${name}`,
      ...fieldProps,
      maxLength: CONTACT_LIMITS[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': descriptions.length > 0 ? descriptions.join(' ') : undefined,
      className: [styles.control, error ? styles.invalid : ''].join(' '),
    };
  };

  const errorText = (name: ContactField) => {
    const { error } = field(name);
    return error ? (
      <p id={`contact-${name}-error`} className={styles.error}>
        <Icon name="alert" size={16} />
        {t(error)}
      </p>
    ) : null;
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the form only hears its fields' events bubble up, to load its engine; it is not made a control
    <form
      ref={formRef}
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
          <input type="text" autoComplete="name" aria-required="true" {...control('name')} />
          {errorText('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-email" className={styles.label}>
            {t('form.email')}
          </label>
          <input type="email" autoComplete="email" inputMode="email" aria-required="true" {...control('email')} />
          {errorText('email')}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-business" className={styles.label}>
            {t('form.business')} <span className={styles.optional}>{t('form.optional')}</span>
          </label>
          <input type="text" autoComplete="organization" {...control('business')} />
          {errorText('business')}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-message" className={styles.label}>
            {t('form.message')}
          </label>
          <textarea aria-required="true" {...control('message', charactersLeft === null ? [] : ['contact-message-count'])} />
          {errorText('message')}
          {/* Always in the page, so screen readers hear its text when it appears and changes. */}
          <p id="contact-message-count" className={styles.count} aria-live="polite">
            {charactersLeft === null ? '' : t('form.charactersLeft', { count: charactersLeft })}
          </p>
        </div>
        {/* Honeypot: off screen, out of the tab order, hidden from screen readers, never autofilled. */}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="contact-website">{t('form.honeypot')}</label>
          <input
            id="contact-website"
            name={HONEYPOT_NAME}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={props.honeypot}
            onChange={(event) => props.onHoneypotChange(event.target.value)}
          />
        </div>
        {status.kind === 'failed' && (
          <p className={styles.failure} role="alert">
            <Icon name="alert" size={20} />
            <FailureText failure={status.failure} />
          </p>
        )}
        {/* Without JavaScript the form cannot send (Submit stays disabled): say so, and give another way. */}
        <p className={`${styles.noScript} no-js-only`}>
          {t('form.noScript')} <a href={mailtoHref(siteConfig.contactEmail)}>{siteConfig.contactEmail}</a>
        </p>
        {/* aria-disabled while sending, not disabled: a disabled button loses keyboard focus. */}
        <button type="submit" className={`${buttons.primary} ${styles.submit}`} disabled={sent || !ready} aria-disabled={sending || undefined}>
          {sending && <Spinner />}
          {sending ? t('form.sending') : t('form.submit')}
        </button>
      </fieldset>
      <div role="status">
        {sent && (
          <p ref={noticeRef} className={styles.success} tabIndex={-1}>
            <Icon name="check" size={22} />
            {t('success')}
          </p>
        )}
      </div>
    </form>
  );
}
