import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from '../App.tsx';
import type { BootProblem } from '../config/parseConfig.ts';
import { browserLanguages, resolveLocale } from '../i18n/locale.ts';
import { applyDocumentLocale, createTranslator } from '../i18n/translator.ts';
import { BootAlert } from '../ui/BootAlert.tsx';
import type { Frame } from '../store/frame.ts';
import { FrameProvider } from '../core/react.ts';
import '../styles.css';

/**
 * The frame's UI: React, the modal and its styles. Loaded by `main.tsx` with a dynamic
 * `import()` after the first state and the silent reconnect (or when the modal opens
 * first), so neither waits for React's download or evaluation.
 */

/**
 * Loads the translator of the modal's language (FrameConfig.locale, else the browser's;
 * docs/sdk.md 'Languages'), sets the document's `lang` and `dir`, then renders `node` in it.
 */
function render(locale: string | undefined, node: ReactNode): void {
  const language = resolveLocale(locale, browserLanguages());
  void createTranslator(language).then((i18n) => {
    applyDocumentLocale(language === i18n.language ? language : 'en');
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
      </StrictMode>,
    );
  });
}

/** Renders the modal of a booted frame into `#root`, in the language of its config. */
export function renderFrame(frame: Frame): void {
  // The theme applied first: no paint in the default colours before the dapp's (app/frame.ts).
  void frame.runtime.themeStarted.then(() =>
    render(
      frame.config.locale,
      <FrameProvider frame={frame}>
        <App />
      </FrameProvider>,
    ),
  );
}

/** Renders the spec §8 alert of a refused boot into `#root`, in the browser's language. */
export function renderBootAlert(problem: BootProblem): void {
  render(undefined, <BootAlert problem={problem} />);
}
