import { commonMessages } from '@sala/shared/errors/messages';
import { useQuery } from '@tanstack/react-query';
import { cx } from './field-styles';

export interface NameLookupProps {
  /** Document kind, part of the cache key (e.g. 'location', 'room'). */
  kind: string;
  id: string;
  load: (id: string) => Promise<string>;
  className?: string;
}

/** Shows a document's name by id; cached per ['name-lookup', kind, id]. */
export function NameLookup({ kind, id, load, className }: NameLookupProps) {
  const query = useQuery({
    queryKey: ['name-lookup', kind, id],
    queryFn: () => load(id),
    enabled: id !== '',
  });

  if (id === '' || query.isError) {
    return <span className={cx('text-muted italic', className)}>{commonMessages.notFound}</span>;
  }
  if (query.isPending) {
    return (
      <span aria-busy="true" className={cx('text-muted', className)}>
        {commonMessages.loading}
      </span>
    );
  }
  return <span className={className}>{query.data}</span>;
}
