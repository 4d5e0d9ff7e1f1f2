import { createElement, type SVGProps } from 'react';

/** One Lucide icon as data: its name and its SVG elements. */
export type GlyphData = { name: string; node: readonly (readonly [string, Record<string, string>])[] };

/**
 * A Lucide icon drawn from its data alone, the same SVG as lucide-react's component without its runtime: for the
 * header, which every public page hydrates at load (decision 016); other screens use lucide-react's components.
 */
export function Glyph({ icon, className, ...props }: { icon: GlyphData } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${icon.name} ${className ?? ''}`}
      {...props}
    >
      {icon.node.map(([tag, attributes]) =>
        createElement(tag, { ...attributes, key: JSON.stringify(attributes) }),
      )}
    </svg>
  );
}
