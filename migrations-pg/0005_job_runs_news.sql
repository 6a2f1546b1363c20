CREATE TABLE "simulation_runs" (
	"account_id" text NOT NULL,
	"run_id" text NOT NULL,
	"job_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "simulation_runs_account_id_run_id_pk" PRIMARY KEY("account_id","run_id")
);
--> statement-breakpoint
CREATE TABLE "scenario_runs" (
	"public_id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"account_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
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
CREATE UNIQUE INDEX "scenario_runs_job_idx" ON "scenario_runs" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "scenario_runs_account_idx" ON "scenario_runs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "news_summaries_created_idx" ON "news_summaries" USING btree ("created_at");