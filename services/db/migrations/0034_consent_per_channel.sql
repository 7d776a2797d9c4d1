-- One consent for "email and SMS notifications" becomes one per channel (issue 36, item 2;
-- docs/decisions/0074), so due-date reminders go only on the channels a subscriber agreed to.
-- The history stays whole: each past event of the old consent counts for both channels, with
-- its own time, channel and request id (the same person agreed to both at once).
INSERT INTO "consent"."events" ("user_id", "consent", "state", "at", "channel", "request_id")
SELECT "user_id", 'sms_notifications', "state", "at", "channel", "request_id"
FROM "consent"."events" WHERE "consent" = 'service_messages';
--> statement-breakpoint
UPDATE "consent"."events" SET "consent" = 'email_notifications' WHERE "consent" = 'service_messages';
