CREATE TABLE `archive_documents` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`occurred_at` integer NOT NULL,
	`source` text NOT NULL,
	`url` text DEFAULT '' NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`added_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `archive_documents_id_unique` ON `archive_documents` (`id`);--> statement-breakpoint
CREATE INDEX `archive_documents_occurred_idx` ON `archive_documents` (`occurred_at`);--> statement-breakpoint
CREATE INDEX `archive_documents_kind_idx` ON `archive_documents` (`kind`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`input` text NOT NULL,
	`input_digest` text NOT NULL,
	`idempotency_key` text,
	`state` text NOT NULL,
	`result` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_idempotency_idx` ON `jobs` (`account_id`,`kind`,`idempotency_key`) WHERE "jobs"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `jobs_input_idx` ON `jobs` (`account_id`,`kind`,`input_digest`);--> statement-breakpoint
CREATE INDEX `jobs_state_idx` ON `jobs` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_finished_idx` ON `jobs` (`finished_at`);--> statement-breakpoint
CREATE TABLE `llm_cache` (
	`digest` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`model` text NOT NULL,
	`answer` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `llm_cache_created_idx` ON `llm_cache` (`created_at`);