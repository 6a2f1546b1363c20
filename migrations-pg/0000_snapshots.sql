CREATE TABLE "snapshot_meta" (
	"dataset" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"fetched_at" bigint DEFAULT 0 NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"info" text DEFAULT '{}' NOT NULL,
	"last_attempt_at" bigint DEFAULT 0 NOT NULL,
	"last_success_at" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"staged_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshot_records" (
	"dataset" text NOT NULL,
	"version" integer NOT NULL,
	"seq" integer NOT NULL,
	"payload" text NOT NULL,
	CONSTRAINT "snapshot_records_dataset_version_seq_pk" PRIMARY KEY("dataset","version","seq")
);
