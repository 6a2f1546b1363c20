CREATE TABLE "news_summaries" (
	"cache_key" text PRIMARY KEY NOT NULL,
	"summary" text NOT NULL,
	"model" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_summary_usage" (
	"account_id" text NOT NULL,
	"day" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "news_summary_usage_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE INDEX "news_summaries_created_idx" ON "news_summaries" USING btree ("created_at");