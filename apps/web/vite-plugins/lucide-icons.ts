import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `import { Clock } from 'lucide-react'` names the package's index, which imports every one of its 2 000 icons. The
 * bundle keeps only the icons in use, but to the code-splitting groups of vite.config.ts every island that uses
 * one icon "imports" them all: the islands' shared chunk held the admin's icons too. Each import of an icon is
 * rewritten to its own module (`lucide-react/icons/clock`, the package's export for one icon), the way Next's
 * `optimizePackageImports` does; what is not an icon (`createLucideIcon`, `LucideProps`) stays with the index.
 */

/** Every name the index exports an icon under (`Clock`, `ClockIcon`, `LucideClock`) → the icon's file, unsuffixed. */
export function iconFiles(index: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/^export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs';$/gm))
    for (const name of names!.split(',')) {
      const exported = /^\s*default as ([\w$]+)\s*$/.exec(name)?.[1];
      if (exported) files.set(exported, file!);
    }
  return files;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])lucide-react\2;?/g;

/** The code with each icon imported from its own module; anything else from the index as before. */
export function perIconImports(code: string, files: ReadonlyMap<string, string>): string {
  return code.replace(IMPORT, (whole, list: string, quote: string) => {
    const rest: string[] = [];
    const icons: string[] = [];
    for (const specifier of list.split(',').map((part) => part.trim())) {
      if (specifier === '') continue;
      const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
      const file = files.get(imported);
      if (file && !specifier.startsWith('type '))
        icons.push(`import ${local} from ${quote}lucide-react/icons/${file}${quote};`);
      else rest.push(specifier);
    }
    // What a type-only import leaves (`import {} from 'lucide-react'`, verbatimModuleSyntax) loads nothing.
    if (icons.length === 0 && rest.length > 0) return whole;
    // On one line, then as many line breaks as the import had: the code after it keeps its line numbers.
    return [
      ...(rest.length > 0 ? [`import { ${rest.join(', ')} } from ${quote}lucide-react${quote};`] : []),
      ...icons,
    ]
      .join(' ')
      .concat('\n'.repeat(whole.split('\n').length - 1));
  });
}

export function lucideIcons(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: 'sala:lucide-icons',
    apply: 'build',
    buildStart() {
      const require = createRequire(import.meta.url);
      const index = path.join(
        path.dirname(require.resolve('lucide-react/package.json')),
        'dist/esm/lucide-react.mjs',
      );
      files = iconFiles(readFileSync(index, 'utf8'));
      // Loud rather than a build that silently goes back to the index after an update of the package.
      if (!files.has('Clock')) this.error(`${index}: no icons found; update lucide-icons' pattern`);
    },
    transform: {
      filter: { id: { exclude: /\/node_modules\// }, code: 'lucide-react' },
      handler(code) {
        if (!files) return null;
        const rewritten = perIconImports(code, files);
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}
