/** A text made safe to print in HTML, in an element or inside a double-quoted attribute. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
