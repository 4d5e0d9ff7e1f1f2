import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconFiles, perIconImports } from './lucide-icons';

// Lines as the package's index writes them (lucide-react 1.x, dist/esm/lucide-react.mjs).
const index = `export { default as CalendarX2, default as CalendarX2Icon, default as LucideCalendarX2 } from './icons/calendar-x-2.mjs';
export { default as Clock, default as ClockIcon, default as LucideClock } from './icons/clock.mjs';
export { index as icons };
export { LucideProvider, useLucideContext } from './context.mjs';
export { default as createLucideIcon } from './createLucideIcon.mjs';
`;
const files = iconFiles(index);

describe('iconFiles', () => {
  it('maps every name an icon is exported under to its file, and nothing else', () => {
    expect(Object.fromEntries(files)).toEqual({
      CalendarX2: 'calendar-x-2',
      CalendarX2Icon: 'calendar-x-2',
      LucideCalendarX2: 'calendar-x-2',
      Clock: 'clock',
      ClockIcon: 'clock',
      LucideClock: 'clock',
    });
  });

  it('reads the installed package: its icons resolve through the export the rewrite uses', () => {
    const require = createRequire(import.meta.url);
    const root = path.dirname(require.resolve('lucide-react/package.json'));
    const installed = iconFiles(readFileSync(path.join(root, 'dist/esm/lucide-react.mjs'), 'utf8'));
    expect(installed.size).toBeGreaterThan(3000);
    expect(installed.get('DoorOpen')).toBe('door-open');
    const exports = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).exports;
    expect(exports['./icons/*'].default).toBe('./dist/esm/icons/*.mjs');
  });
});

describe('perIconImports', () => {
  it('imports each icon from its own module, keeping the local name', () => {
    expect(
      perIconImports('import { Clock, CalendarX2 as Cancelled } from "lucide-react";\nuse(Clock);', files),
    ).toBe(
      'import Clock from "lucide-react/icons/clock"; import Cancelled from "lucide-react/icons/calendar-x-2";\nuse(Clock);',
    );
  });

  it('leaves what is not an icon with the index, and types as they were', () => {
    expect(
      perIconImports(
        "import {\n  createLucideIcon,\n  ClockIcon,\n  type LucideIcon,\n} from 'lucide-react';",
        files,
      ),
    ).toBe(
      "import { createLucideIcon, type LucideIcon } from 'lucide-react'; import ClockIcon from 'lucide-react/icons/clock';\n\n\n\n",
    );
    const untouched =
      "import { createLucideIcon } from 'lucide-react';\nimport type { LucideProps } from 'lucide-react';";
    expect(perIconImports(untouched, files)).toBe(untouched);
  });

  it('drops what a type-only import leaves, and keeps the lines where they were', () => {
    expect(perIconImports('import {} from "lucide-react";\nuse();', files)).toBe('\nuse();');
    const code = 'import {\n  Clock,\n  CalendarX2,\n} from "lucide-react";\nuse(Clock);';
    expect(perIconImports(code, files)).toBe(
      'import Clock from "lucide-react/icons/clock"; import CalendarX2 from "lucide-react/icons/calendar-x-2";\n\n\n\nuse(Clock);',
    );
  });

  it('changes no other import', () => {
    const code = 'import { Clock } from "./lucide-react";\nimport { Clock as C } from "lucide-react-native";';
    expect(perIconImports(code, files)).toBe(code);
  });
});
