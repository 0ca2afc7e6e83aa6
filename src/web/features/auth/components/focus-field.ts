/** Moves focus to a form's control by name, so a failed submit lands on the first problem. */
export function focusField(form: HTMLFormElement, name: string): void {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
  else if (control && 'length' in control) (control[0] as HTMLElement | undefined)?.focus();
}
