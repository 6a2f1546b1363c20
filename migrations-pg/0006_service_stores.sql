CREATE TABLE "chokepoint_status_marks" (
	"chokepoint_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"score" integer NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"subscriber_id" text NOT NULL,
	"account_id" text NOT NULL,
	"event" text NOT NULL,
	"chokepoint_id" text NOT NULL,
	"body" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"delivery_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" bigint NOT NULL,
	"status" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "webhook_delivery_attempts_delivery_id_attempt_pk" PRIMARY KEY("delivery_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "webhook_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"callback_url" text NOT NULL,
	"chokepoint_ids" text NOT NULL,
	"alert_threshold" integer NOT NULL,
	"secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"organization" text NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"source" text NOT NULL,
	"remote_address" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_interest" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"app_version" text NOT NULL,
	"referred_by" text NOT NULL,
	"referral_code" text NOT NULL,
	"remote_address" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_daily_usage" (
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "market_daily_usage_account_id_kind_day_pk" PRIMARY KEY("account_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "market_stock_analyses" (
	"account_id" text NOT NULL,
	"symbol" text NOT NULL,
	"include_news" boolean NOT NULL,
	"analysis_at" bigint NOT NULL,
	"analysis_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "market_stock_analyses_account_id_symbol_include_news_analysis_at_pk" PRIMARY KEY("account_id","symbol","include_news","analysis_at")
);
--> statement-breakpoint
CREATE TABLE "market_stock_backtests" (
	"account_id" text NOT NULL,
	"symbol" text NOT NULL,
	"eval_window_days" integer NOT NULL,
	"body" text NOT NULL,
	"generated_at" bigint NOT NULL,
	CONSTRAINT "market_stock_backtests_account_id_symbol_eval_window_days_pk" PRIMARY KEY("account_id","symbol","eval_window_days")
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscriber_idx" ON "webhook_deliveries" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_registrations_account_idx" ON "webhook_registrations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_contacts_created_idx" ON "lead_contacts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_contacts_addr_idx" ON "lead_contacts" USING btree ("remote_address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_interest_email_idx" ON "lead_interest" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_interest_code_idx" ON "lead_interest" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "lead_interest_addr_idx" ON "lead_interest" USING btree ("remote_address","created_at");--> statement-breakpoint
CREATE INDEX "lead_interest_referred_idx" ON "lead_interest" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "market_stock_analyses_created" ON "market_stock_analyses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "market_stock_backtests_generated" ON "market_stock_backtests" USING btree ("generated_at");