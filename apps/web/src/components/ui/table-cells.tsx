import { formatDateTime } from '@sala/shared/format/date-time';
import { cx } from './field-styles';

/**
 * A moment in a table cell: the date over the time ('27 nov 2026' / '2:23 p.m.'), each whole, so the column is
 * as narrow as the date and never breaks inside it.
 */
export function DateTimeCell({ iso }: { iso: string }) {
  const text = formatDateTime(iso);
  const cut = text.lastIndexOf(', ');
  return (
    <time dateTime={iso} className="block whitespace-nowrap">
      {cut < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, cut)}
          {/* The space keeps '27 nov 2026 2:23 p.m.' apart when read as text; on screen the line starts clean. */}
          <span className="block text-xs text-muted">{` ${text.slice(cut + 2)}`}</span>
        </>
      )}
    </time>
  );
}

/**
 * An e-mail address that may break before its '@' (and only there) when its column is narrow: the longest of the
 * demo's addresses otherwise made the users table wider than the screen.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/**
 * A name someone typed (a branch, a zone) in a table cell: at least 7 rem wide (a city such as "Guadalajara" stays
 * whole), and past that it may break inside a word, so one long word never pushes the table past the screen (a zone
 * named with one 17-letter word made the branches table 37 px wider than its card at 1280 px).
 */
export function NameText({ name, className }: { name: string; className?: string }) {
  return <span className={cx('block min-w-28 wrap-anywhere', className)}>{name}</span>;
}
