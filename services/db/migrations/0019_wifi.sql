CREATE TABLE "devices"."simulated_wifi_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" text NOT NULL,
	"network_ids" text[] NOT NULL,
	"ssid" text,
	"passphrase" text,
	"requested_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices"."simulated_wifi_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" text NOT NULL,
	"name" text,
	"network_id" text,
	"band" text,
	"signal_dbm" real,
	"connected_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices"."simulated_wifi_networks" (
	"device_id" text NOT NULL,
	"network_id" text NOT NULL,
	"bands" text[] NOT NULL,
	"ssid" text NOT NULL,
	"passphrase" text NOT NULL,
	"security" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "simulated_wifi_networks_device_id_network_id_pk" PRIMARY KEY("device_id","network_id")
);
--> statement-breakpoint
CREATE TABLE "devices"."wifi_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" text NOT NULL,
	"account_number" char(13) NOT NULL,
	"requested_by" text NOT NULL,
	"channel" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"bands" text[] NOT NULL,
	"network_ids" text[] NOT NULL,
	"changed_name" boolean NOT NULL,
	"changed_passphrase" boolean NOT NULL,
	"task_id" text,
	"state" text NOT NULL,
	"reason" text,
	"finished_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices"."wifi_reveal_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices"."simulated_wifi_changes" ADD CONSTRAINT "simulated_wifi_changes_device_id_simulated_modems_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"."simulated_modems"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices"."simulated_wifi_hosts" ADD CONSTRAINT "simulated_wifi_hosts_device_id_simulated_modems_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"."simulated_modems"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices"."simulated_wifi_networks" ADD CONSTRAINT "simulated_wifi_networks_device_id_simulated_modems_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"."simulated_modems"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulated_wifi_changes_device_idx" ON "devices"."simulated_wifi_changes" USING btree ("device_id","requested_at");--> statement-breakpoint
CREATE INDEX "simulated_wifi_hosts_device_idx" ON "devices"."simulated_wifi_hosts" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "wifi_changes_account_idx" ON "devices"."wifi_changes" USING btree ("account_number","requested_at");--> statement-breakpoint
CREATE INDEX "wifi_changes_device_idx" ON "devices"."wifi_changes" USING btree ("device_id","requested_at");--> statement-breakpoint
CREATE INDEX "wifi_reveal_attempts_user_idx" ON "devices"."wifi_reveal_attempts" USING btree ("user_id","attempted_at");