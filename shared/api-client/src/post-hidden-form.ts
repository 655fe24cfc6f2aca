/**
 * SPEC §7: "A hidden form POST with a token field opens a new tab for a download or payment."
 * Builds `<form method="post" action={action} target={target}>` with one hidden input per
 * field, submits it and removes it. A navigation, not a fetch: the new tab follows the
 * server's redirects (the payment gateway) and the page that opened it stays where it is.
 * Call it from a click handler (or soon after one), or the browser's popup blocker may stop
 * the new tab.
 * @param action absolute or same-origin URL the form posts to (`PaymentForm.action`)
 * @param fields hidden inputs by name, such as `{ token }`
 * @param target the browsing context; a new tab (`_blank`) by default
 * @returns the form that was submitted (already detached from the document)
 * @example
 * postHiddenForm(payment.action, { token: payment.token }); // opens the gateway in a new tab
 */
export function postHiddenForm(action: string, fields: Record<string, string>, target = '_blank'): HTMLFormElement {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.target = target;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
  return form;
}
