import { useSyncExternalStore } from 'react';
import type { ApprovalText } from '../i18n/approvalText.ts';
import { approvalLanguage } from '../i18n/language.ts';

/** The approval screens' words in the secure frame's language (i18n/language.ts); re-renders when they load. */
export function useApprovalText(): ApprovalText {
  return useSyncExternalStore(approvalLanguage.subscribe, approvalLanguage.getState);
}
