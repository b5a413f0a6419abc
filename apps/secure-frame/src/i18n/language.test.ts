// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { approvalLanguage, loadApprovalLanguage } from './language.ts';

describe("the secure frame's language", () => {
  it("follows the browser's languages: Hebrew right to left, re-rendering subscribers", async () => {
    let changes = 0;
    const stop = approvalLanguage.subscribe(() => changes++);
    const text = await loadApprovalLanguage(['he-IL', 'en-US']);
    stop();
    expect(text.locale).toBe('he');
    expect(approvalLanguage.getState().t('Reject')).toBe('דחייה');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('he');
    expect(changes).toBe(1);
  });

  it('takes Traditional Chinese for zh-HK, and English (left to right) when no language is shipped', async () => {
    expect((await loadApprovalLanguage(['zh-HK'])).t('Approve')).toBe('核准');
    const english = await loadApprovalLanguage(['sw-KE']);
    expect(english.locale).toBe('en');
    expect(english.t('Approve')).toBe('Approve');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
