/**
 * What a request's key already made, and the work a new request needs, asked at once (issue 46: one wait for a
 * connection and no transaction of their own, where two reads in a row took four round trips). What the key made
 * wins, even when the work failed (a product since withdrawn does not refuse the answer to a retry); without it, the
 * work's failure is the answer.
 */
export async function earlierOr<Earlier, Work>(
  earlier: Promise<Earlier | undefined>,
  work: Promise<Work>,
): Promise<{ earlier: Earlier; work?: undefined } | { earlier?: undefined; work: Work }> {
  const [made, done] = await Promise.allSettled([earlier, work]);
  if (made.status === 'rejected') throw made.reason;
  if (made.value !== undefined) return { earlier: made.value };
  if (done.status === 'rejected') throw done.reason;
  return { work: done.value };
}
