CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"billing_state" text DEFAULT 'active' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"prefix" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"account_id" text NOT NULL,
	"plan_key" text NOT NULL,
	"rate_limit_per_minute" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint,
	"revoked_at" bigint,
	"last_used_at" bigint,
	CONSTRAINT "api_keys_digest_unique" UNIQUE("digest")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id");