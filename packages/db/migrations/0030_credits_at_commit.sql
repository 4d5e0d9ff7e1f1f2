-- Issue 46: two transactions that each wrote several ledger rows (a standing slot's 8 charges) could deadlock at
-- their commits. Migration 0027 spread each movement over one of 8 rows of its day and reason (its slot, from the
-- movement's id) and wrote them, at the commit, in the order the movements were made: one transaction took slots 3
-- then 5, the other 5 then 3. Seen twice in a minute of `npm run bench:booking` (a 409 for a standing slot).
--
-- Now a transaction's movements share one slot, from the transaction's id: they add to one row of their day and
-- reason. Every path of the app writes one reason per transaction, dated now(), so a transaction takes one row of
-- daily_credits and two cannot wait on each other there; consecutive transactions still fall in different slots.
-- (Writing the rows at the commit summed and in the key's order, as 0028 does for the orders, would also order a
-- transaction of several reasons; it made a booking 30 % slower, measured, so it is not done for one row.)
CREATE OR REPLACE FUNCTION "daily_credits_apply"("l" "credit_ledger", "sign" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "daily_credits" AS "d" ("date", "reason", "slot", "delta")
  VALUES (("l"."created_at" AT TIME ZONE 'America/Mexico_City')::date, "l"."reason",
          (txid_current() % 8)::integer, "sign" * "l"."delta")
  ON CONFLICT ("date", "reason", "slot") DO UPDATE SET "delta" = "d"."delta" + excluded."delta";
$$;
