ALTER TABLE "snapshot_meta" ADD COLUMN "captured_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "snapshot_meta" ADD COLUMN "origin" text DEFAULT '' NOT NULL;