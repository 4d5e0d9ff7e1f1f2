/**
 * Controls whose tap, made before their island is hydrated, is replayed once it is (decision 012): links are left
 * out, they work natively.
 */
export const REPLAYED_CONTROLS = 'button, input, select, textarea, label, summary, [role="button"]';

/** The function the early-tap script leaves on `window`: it stops catching taps and hands over the ones caught. */
export const EARLY_TAPS_GLOBAL = '__salaEarlyTaps';

/**
 * The one script a prerendered page carries in its HTML (decision 016), in its head: from the moment the page is
 * parsed, a tap on a control of an island is held (not seen by the browser or the page) and kept, until the
 * islands' entry (apps/web/src/islands.tsx) has arrived and taken them over to replay each one on its control once
 * its island is hydrated. Without it a tap made before the entry's script had downloaded was lost. A few hundred
 * bytes, no work beyond one listener. Allowed by its hash in the Content-Security-Policy (apps/api/src/plugins/
 * security.ts): the page keeps `script-src 'self'` for everything else, so the text here is exactly what the page
 * carries, character for character.
 */
export const EARLY_TAPS_SCRIPT = `(()=>{const taps=[];const hold=(event)=>{const target=event.target;const control=target instanceof Element&&!target.closest("a[href]")&&target.closest(${JSON.stringify(REPLAYED_CONTROLS)});if(!control||!control.closest("[data-island]"))return;event.preventDefault();event.stopImmediatePropagation();taps.push(control)};addEventListener("click",hold,true);window.${EARLY_TAPS_GLOBAL}=()=>{removeEventListener("click",hold,true);delete window.${EARLY_TAPS_GLOBAL};return taps}})()`;
