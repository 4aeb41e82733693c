/**
 * A prerendered page is typed into before its JavaScript has run. Hydrated, its fields stay the same elements and
 * still hold what was typed; rendered afresh instead (a visitor with a stored session: main.tsx), they are replaced
 * by new, empty ones. Just before that, `keepTypedValues` reads what the visitor typed or ticked into each field (by
 * its id), and the new field of the same id takes it once (`takeTypedValue`, in `useAdoptDomValue`).
 */
const kept = new Map<string, string | boolean>();

type Field = HTMLInputElement | HTMLTextAreaElement;

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Remembers every field under `root` whose content differs from what the page was rendered with. */
export function keepTypedValues(root: ParentNode): void {
  for (const field of root.querySelectorAll<Field>('input[id], textarea[id]')) {
    if (isCheckable(field)) {
      if (field.checked !== field.defaultChecked) kept.set(field.id, field.checked);
    } else if (field.value !== field.defaultValue) {
      kept.set(field.id, field.value);
    }
  }
}

/** What was typed into the replaced field of this id, once; undefined when nothing was. */
export function takeTypedValue(id: string): string | boolean | undefined {
  const value = kept.get(id);
  kept.delete(id);
  return value;
}
