/**
 * Submits the gateway form that doPay answers (Alipay's page-pay form) from our own script: the CSP forbids
 * the inline auto-submit script real gateways ship, so the form's action and hidden fields are copied into a
 * fresh form of ours (nothing of the markup is inserted into the page) and submitted; the browser goes to
 * the cashier. Returns false when the answer holds no form.
 */
export function submitGatewayForm(html: string, doc: Document = document): boolean {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const source = parsed.querySelector('form');
  const action = source?.getAttribute('action');
  if (!source || !action) return false;
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const input of Array.from(source.querySelectorAll('input'))) {
    if (!input.name) continue;
    const copy = doc.createElement('input');
    copy.type = 'hidden';
    copy.name = input.name;
    copy.value = input.value;
    form.append(copy);
  }
  doc.body.append(form);
  form.submit();
  return true;
}
