CREATE TABLE `snapshot_meta` (
	`dataset` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`fetched_at` integer DEFAULT 0 NOT NULL,
	`record_count` integer DEFAULT 0 NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`info` text DEFAULT '{}' NOT NULL,
	`last_attempt_at` integer DEFAULT 0 NOT NULL,
	`last_success_at` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `snapshot_records` (
	`dataset` text NOT NULL,
	`seq` integer NOT NULL,
	`payload` text NOT NULL,
	PRIMARY KEY(`dataset`, `seq`)
);
