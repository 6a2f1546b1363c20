CREATE TABLE "watch_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"key_id" text NOT NULL,
	"operation" text NOT NULL,
	"params" text NOT NULL,
	"condition" text NOT NULL,
	"callback_url" text,
	"secret" text NOT NULL,
	"cooldown_seconds" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"last_etag" text,
	"last_truthy" boolean DEFAULT false NOT NULL,
	"last_fired_at" bigint
);
--> statement-breakpoint
CREATE INDEX "watch_rules_account_idx" ON "watch_rules" USING btree ("account_id","created_at");