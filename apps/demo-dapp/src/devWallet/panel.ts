import { queueApprovals, type Approver } from './approval.ts';

/** Accessible name of the approval panel (docs/integration.md: the e2e tests find it by this name). */
export const PANEL_NAME = 'Dev Wallet request';

/**
 * Creates an {@link Approver} that asks the person in a panel fixed at the
 * bottom right of `doc`: `role="dialog"` named `name` (default 'Dev Wallet request'), the method,
 * the summary lines and the buttons `Approve` and `Reject`. Requests are asked
 * one at a time (queued). The panel is (re)appended to `body` when shown so it
 * sits above the widget's iframe, and removed when answered.
 */
export function createPanelApprover(doc: Document = document, name: string = PANEL_NAME): Approver {
  const ask: Approver = (request) =>
    new Promise<boolean>((resolve) => {
      const panel = doc.createElement('section');
      panel.className = 'devwallet-panel';
      panel.setAttribute('role', 'dialog');
      panel.setAttribute('aria-label', name);

      const header = doc.createElement('header');
      header.className = 'devwallet-panel__header';
      const title = doc.createElement('strong');
      title.textContent = name.replace(/ request$/, '');
      const tag = doc.createElement('span');
      tag.className = 'devwallet-tag';
      tag.textContent = 'dev only';
      header.append(title, tag);

      const method = doc.createElement('code');
      method.className = 'devwallet-panel__method';
      method.dataset.testid = 'devwallet-method';
      method.textContent = request.method;

      const summary = doc.createElement('ul');
      summary.className = 'devwallet-panel__summary';
      for (const line of request.summary) {
        const item = doc.createElement('li');
        item.textContent = line;
        summary.append(item);
      }

      const actions = doc.createElement('div');
      actions.className = 'devwallet-panel__actions';
      const reject = doc.createElement('button');
      reject.type = 'button';
      reject.className = 'devwallet-button devwallet-button--secondary';
      reject.textContent = 'Reject';
      const approve = doc.createElement('button');
      approve.type = 'button';
      approve.className = 'devwallet-button';
      approve.textContent = 'Approve';
      actions.append(reject, approve);

      const answer = (value: boolean) => () => {
        panel.remove();
        resolve(value);
      };
      reject.addEventListener('click', answer(false));
      approve.addEventListener('click', answer(true));

      panel.append(header, method, summary, actions);
      doc.body.append(panel);
      approve.focus({ preventScroll: true });
    });
  return queueApprovals(ask);
}
