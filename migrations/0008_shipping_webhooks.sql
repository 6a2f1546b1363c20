CREATE TABLE `chokepoint_status_marks` (
	`chokepoint_id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`score` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`subscriber_id` text NOT NULL,
	`account_id` text NOT NULL,
	`event` text NOT NULL,
	`chokepoint_id` text NOT NULL,
	`body` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_subscriber_idx` ON `webhook_deliveries` (`subscriber_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_delivery_attempts` (
	`delivery_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`attempted_at` integer NOT NULL,
	`status` integer,
	`error` text,
	`duration_ms` integer NOT NULL,
	PRIMARY KEY(`delivery_id`, `attempt`)
);
--> statement-breakpoint
CREATE TABLE `webhook_registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`callback_url` text NOT NULL,
	`chokepoint_ids` text NOT NULL,
	`alert_threshold` integer NOT NULL,
	`secret` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_registrations_account_idx` ON `webhook_registrations` (`account_id`,`created_at`);