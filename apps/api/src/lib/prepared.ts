/**
 * A query prepared once per database handle (and named, so PostgreSQL keeps its plan per connection): for the
 * few queries every request runs, where building the SQL again each time shows in the profile.
 */
export function preparedPerDatabase<TDb extends object, TQuery>(
  build: (db: TDb) => TQuery,
): (db: TDb) => TQuery {
  const cache = new WeakMap<object, TQuery>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}
