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
CREATE UNIQUE INDEX "scenario_runs_job_idx" ON "scenario_runs" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "scenario_runs_account_idx" ON "scenario_runs" USING btree ("account_id","created_at");