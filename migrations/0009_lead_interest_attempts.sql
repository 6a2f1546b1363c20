CREATE TABLE `lead_interest_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`remote_address` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lead_interest_attempts_addr_idx` ON `lead_interest_attempts` (`remote_address`,`created_at`);