CREATE TABLE `simulation_runs` (
	`account_id` text NOT NULL,
	`run_id` text NOT NULL,
	`job_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `run_id`)
);
--> statement-breakpoint
CREATE TABLE `scenario_runs` (
	`public_id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`account_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scenario_runs_job_idx` ON `scenario_runs` (`job_id`);--> statement-breakpoint
CREATE TABLE `lead_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`organization` text NOT NULL,
	`phone` text NOT NULL,
	`message` text NOT NULL,
	`source` text NOT NULL,
	`remote_address` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lead_contacts_created_idx` ON `lead_contacts` (`created_at`);--> statement-breakpoint
CREATE INDEX `lead_contacts_addr_idx` ON `lead_contacts` (`remote_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `lead_interest` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`source` text NOT NULL,
	`app_version` text NOT NULL,
	`referred_by` text NOT NULL,
	`referral_code` text NOT NULL,
	`remote_address` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_interest_email_idx` ON `lead_interest` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `lead_interest_code_idx` ON `lead_interest` (`referral_code`);--> statement-breakpoint
CREATE INDEX `lead_interest_addr_idx` ON `lead_interest` (`remote_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `news_summaries` (
	`cache_key` text PRIMARY KEY NOT NULL,
	`summary` text NOT NULL,
	`model` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `news_summaries_created_idx` ON `news_summaries` (`created_at`);--> statement-breakpoint
CREATE TABLE `news_summary_usage` (
	`account_id` text NOT NULL,
	`day` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`account_id`, `day`)
);
