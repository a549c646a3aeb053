import React, { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CONTACT_FIELDS, EMPTY_CONTACT, type ContactField, type ContactValues } from './contact';
import { ContactFormView } from './ContactFormView';
import { handOverFocus } from './handOverFocus.browser';
import type { LiveContactFormProps } from './LiveContactForm';
import { readDraft, useSaveDraft } from './useContactDraft';

type Engine = React.ComponentType<LiveContactFormProps>;

/** The values a visitor typed into the server-rendered fields before React took them over. */
function typedBeforeHydration(form: HTMLFormElement | null): ContactValues | null {
  if (!form) return null;
  const values = { ...EMPTY_CONTACT };
  for (const field of CONTACT_FIELDS) {
    const control = form.elements.namedItem(field);
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) values[field] = control.value;
  }
  return CONTACT_FIELDS.some((field) => values[field] !== '') ? values : null;
}

/** What shows a visitor is here and about to act: any of these anywhere on the page. */
const INTERACTIONS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll', 'wheel'] as const;

/**
 * Runs `task` once, at the visitor's first interaction with the page. A
 * phone user scrolls or touches the page long before a finger reaches
 * Submit, so the engine is ready by then; a page nobody touches (a crawler,
 * Lighthouse) never pays for it. Returns a cancel function.
 */
function onFirstInteraction(task: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, run, options);
  };
  function run() {
    stop();
    task();
  }
  for (const type of INTERACTIONS) window.addEventListener(type, run, options);
  return stop;
}

/**
 * The contact form. Its engine (Formik, yup and the sending logic,
 * LiveContactForm) is a separate chunk, prefetched while the page is idle
 * and evaluated at the visitor's first interaction with the page or the
 * form, so the page paints and becomes interactive without
 * evaluating it (it cost the contact pages up to 430 ms of blocking time). Until then the form is the same markup with Submit
 * disabled; what the visitor types is kept and handed to the engine, and
 * focus and caret stay where they were.
 */
export function ContactForm(): React.JSX.Element {
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [restored, setRestored] = useState(false);
  const [engine, setEngine] = useState<Engine | null>(null);
  const loading = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  useSaveDraft(values, restored && !engine);

  const loadEngine = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    import(/* webpackChunkName: "contact-engine", webpackPrefetch: true */ './LiveContactForm').then(
      ({ LiveContactForm }) => {
        // Render the engine's form in this task, so no keystroke falls between the two forms.
        handOverFocus(() => flushSync(() => setEngine(() => LiveContactForm)));
      },
      (error: unknown) => {
        console.error('The contact form could not load; it will try again on the next use.', error);
        loading.current = false;
      },
    );
  }, []);

  useEffect(() => {
    // Text typed before hydration wins over an older draft.
    const typed = typedBeforeHydration(form.current);
    const earlier = typed ?? readDraft();
    if (earlier) setValues(earlier);
    setRestored(true);
    if (typed || form.current?.contains(document.activeElement)) loadEngine();
    return onFirstInteraction(loadEngine);
  }, [loadEngine]);

  if (engine) {
    const Live = engine;
    return <Live values={values} touched={touched} />;
  }
  return (
    <ContactFormView
      formRef={form}
      field={(name) => ({
        name,
        value: values[name],
        onChange: (event) => setValues((current) => ({ ...current, [name]: event.target.value })),
        onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
      })}
      honeypot={values.website}
      onHoneypotChange={(website) => setValues((current) => ({ ...current, website }))}
      status={{ kind: 'idle' }}
      ready={false}
      onSubmit={() => undefined}
      onFirstUse={loadEngine}
    />
  );
}
