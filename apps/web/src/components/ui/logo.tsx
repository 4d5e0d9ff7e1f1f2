/**
 * Sala Común's logo, light, for dark backgrounds (the header, the menus, the footer). Drawn in the page, not an
 * <img>: an SVG in an <img> is a document the browser builds on the main thread, a task of its own
 * (docs/performance.md, 2026-11-27). With `label` it is an image of that name; without, decoration beside a label.
 */
export function Logo({ label, className }: { label?: string; className?: string }) {
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      viewBox="0 0 180 40"
      width={144}
      height={32}
      className={className ? `w-auto ${className}` : 'w-auto'}
      {...named}
    >
      <g fill="none" stroke="#eef7f8" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 35V17.5a13 13 0 0 1 26 0V35" />
        <path d="M2.5 35h31" />
      </g>
      <g fill="#eef7f8">
        <circle cx="13.6" cy="20.6" r="3.7" />
        <path d="M8 33v-3.2a5.6 5.6 0 0 1 11.2 0V33z" />
        <g fillOpacity=".55">
          <circle cx="22.4" cy="20.6" r="3.7" />
          <path d="M16.8 33v-3.2a5.6 5.6 0 0 1 11.2 0V33z" />
        </g>
      </g>
      <text
        x="41"
        y="27"
        fill="#eef7f8"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize="20"
        fontWeight="700"
        letterSpacing="-0.3"
      >
        Sala Común
      </text>
    </svg>
  );
}
