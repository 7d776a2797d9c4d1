-- Issue 37 (docs/decisions/0075): devices.outages (one network area name each) become incidents
-- (areas by PSGC barangay). The demo subscriptions get their barangays first (the seed gives them
-- to a fresh database); an outage then covers the barangays of the subscriptions in its area.
-- An outage whose area no placed subscription names keeps no area: it is kept, and shown to the
-- operator, who gives it its areas.
UPDATE "accounts"."subscriptions" AS s SET "barangay_code" = v.code
FROM (VALUES
  ('1000000000001', '81200019'), ('1000000000002', '81200029'), ('1000000000003', '80300020'),
  ('1000000000004', '30600041'), ('1000000000005', '81300055'), ('1000000000006', '31000200'),
  ('1000000000007', '30600036'), ('1000000000008', '30700134'), ('1000000000009', '30300106'),
  ('1000000000010', '30200059'), ('1000000000011', '31000200'), ('1000000000012', '31000200'),
  ('1000000000013', '30300106')
) AS v(account_number, code)
WHERE s."account_number" = v.account_number AND s."demo" = true AND s."barangay_code" IS NULL;
--> statement-breakpoint
INSERT INTO "incidents"."incidents"
  ("id", "kind", "cause", "started_at", "estimated_restore_at", "resolved_at", "exclusion", "opened_by", "created_at", "demo")
SELECT o."id", 'outage', o."cause", o."started_at", o."estimated_restore_at", o."resolved_at", 'none', 'migration', o."started_at", o."demo"
FROM "devices"."outages" AS o;
--> statement-breakpoint
INSERT INTO "incidents"."incident_areas" ("incident_id", "level", "psgc_code")
SELECT DISTINCT o."id", 'barangay', s."barangay_code"
FROM "devices"."outages" AS o
JOIN "accounts"."subscriptions" AS s ON s."area_code" = o."area_code"
WHERE s."barangay_code" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "incidents"."incident_audit" ("incident_id", "action", "actor", "at", "detail")
SELECT o."id", 'open', 'migration', o."started_at", jsonb_build_object('fromAreaCode', o."area_code")
FROM "devices"."outages" AS o;
