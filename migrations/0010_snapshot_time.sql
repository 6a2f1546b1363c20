ALTER TABLE `snapshot_meta` ADD `captured_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `snapshot_meta` ADD `origin` text DEFAULT '' NOT NULL;