CREATE TABLE "snapshot_versions" (
	"dataset" text NOT NULL,
	"version" integer NOT NULL,
	"valid_from" bigint NOT NULL,
	"valid_until" bigint NOT NULL,
	"fetched_at" bigint NOT NULL,
	"captured_at" bigint DEFAULT 0 NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"record_count" integer NOT NULL,
	"content_hash" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"info" text DEFAULT '{}' NOT NULL,
	CONSTRAINT "snapshot_versions_dataset_version_pk" PRIMARY KEY("dataset","version")
);
--> statement-breakpoint
CREATE INDEX "snapshot_versions_from_idx" ON "snapshot_versions" USING btree ("dataset","valid_from");--> statement-breakpoint
-- The version each dataset serves today starts its history (its content hash is unknown: the next
-- refresh stores a new version rather than confirming this one).
INSERT INTO "snapshot_versions" ("dataset", "version", "valid_from", "valid_until", "fetched_at", "captured_at", "origin", "record_count", "source", "info")
SELECT "dataset", "version", "last_success_at", "last_success_at", "fetched_at", CASE WHEN "captured_at" > 0 THEN "captured_at" ELSE "fetched_at" END, "origin", "record_count", "source", "info" FROM "snapshot_meta" WHERE "version" > 0;
