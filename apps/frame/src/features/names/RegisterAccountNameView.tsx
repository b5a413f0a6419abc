import { useEffect, useState, type FormEvent } from 'react';
import {
  canRegisterName,
  checkName,
  fetchNameSuggestions,
  NAME_ZONE,
  NameMessage,
  nameLabel,
  registerAccountName,
  SUGGESTION_DEBOUNCE_MS,
  type NameSuggestion,
} from '../../actions/names.ts';
import { useFrame, useFrameState } from '../../core/react.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useTranslation } from 'react-i18next';

/**
 * RegisterAccountName (spec §2): the visitor types a name; the spec §5 rule (letters,
 * digits, hyphens, at least 4 characters) is checked as they type, and suggestions with
 * their availability follow (debounced). Picking a free one asks the connected wallet to
 * sign the spec §7 message and registers it. Only for the auth connector (spec §6).
 * `error` is the failure it returned with (spec §4, §8), `initial` the name typed then.
 */
export function RegisterAccountNameView({ initial = '', error = null }: { initial?: string; error?: string | null }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const allowed = useFrameState(canRegisterName);
  const [typed, setTyped] = useState(initial);
  const [suggestions, setSuggestions] = useState<NameSuggestion[]>([]);
  const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'error'>('idle');
  const [submitting, setSubmitting] = useState<string | null>(null);
  const problem = checkName(typed);
  const label = nameLabel(typed);

  useEffect(() => {
    if (!label || problem) {
      setSuggestions([]);
      setStatus('idle');
      return;
    }
    let current = true;
    setStatus('loading');
    const timer = setTimeout(() => {
      fetchNameSuggestions(frame, label).then(
        (list) => current && (setSuggestions(list), setStatus('ready')),
        () => current && (setSuggestions([]), setStatus('error')),
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [frame, label, problem]);

  if (!allowed) {
    return (
      <p className="airlock-error-text" role="alert" data-testid="name-error">
        {t(NameMessage.NoAuthConnector)}
      </p>
    );
  }

  const register = (name: string) => {
    setSubmitting(name);
    void registerAccountName(frame, name).finally(() => setSubmitting(null));
  };
  const exact = suggestions.find((s) => s.name === `${label}.${NAME_ZONE}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (exact && !exact.registered && !submitting) register(exact.name);
  };

  return (
    <form className="airlock-form" onSubmit={submit} noValidate>
      <label className="airlock-field">
        <span>{t('Account name')}</span>
        <span className="airlock-field-head">
          <input
            aria-label={t('Account name')}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem !== null}
            value={typed}
            disabled={submitting !== null}
            placeholder={t('your-name')}
            onChange={(e) => setTyped(e.target.value)}
          />
          <span className="airlock-muted">{`.${NAME_ZONE}`}</span>
        </span>
      </label>
      {problem ? (
        <p className="airlock-error-text" data-testid="name-rule">
          {t(problem)}
        </p>
      ) : null}
      {error && !problem ? (
        <p className="airlock-error-text" role="alert" data-testid="name-error">
          {t(error)}
        </p>
      ) : null}
      {status === 'loading' ? (
        <p className="airlock-status airlock-muted">
          <Spinner /> {t('Checking availability')}
        </p>
      ) : null}
      {status === 'error' ? (
        <p className="airlock-error-text" role="alert">
          {t(NameMessage.SuggestionsFailed)}
        </p>
      ) : null}
      {status === 'ready' ? (
        <ul className="airlock-list" aria-label={t('Suggestions')}>
          {suggestions.map((s) => (
            <li key={s.name} className="airlock-row" data-testid="name-suggestion">
              <span className="airlock-row-main">{s.name}</span>
              {s.registered ? (
                <span className="airlock-muted">{t('Taken')}</span>
              ) : (
                <button
                  type="button"
                  className="airlock-link-button"
                  disabled={submitting !== null}
                  onClick={() => register(s.name)}
                  aria-label={t('Register {{name}}', { name: s.name })}
                >
                  {submitting === s.name ? t('Sign in your wallet…') : t('Available')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
