// Fills `{slot}` placeholders. `{Slot}` (capitalised) gives the value with a capital first letter,
// for English sentences that start with a slot. An unknown slot is a bug in the prose: it throws.

export type Slots = Readonly<Record<string, string>>;

export function fill(template: string, slots: Slots): string {
  return template.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, name: string) => {
    const direct = slots[name];
    if (direct !== undefined) return direct;
    const lower = name.charAt(0).toLowerCase() + name.slice(1);
    const value = slots[lower];
    if (value === undefined) throw new Error(`demo prose: no value for {${name}} in "${template}"`);
    return value.charAt(0).toUpperCase() + value.slice(1);
  });
}

/** Text inside an element: only &, < and > need escaping (quotes stay readable in excerpts). */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text inside a double-quoted attribute. */
export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** Cuts text to at most `max` characters (code points) at a sentence or word end when one is near. */
export function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max).join('');
  const stop = Math.max(head.lastIndexOf('。'), head.lastIndexOf('. '), head.lastIndexOf('；'));
  if (stop > max * 0.5) return head.slice(0, stop + 1).trim();
  const space = head.lastIndexOf(' ');
  return (space > max * 0.6 ? head.slice(0, space) : head).trim() + '…';
}
