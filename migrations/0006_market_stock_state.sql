CREATE TABLE `market_daily_usage` (
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`account_id`, `kind`, `day`)
);
--> statement-breakpoint
CREATE TABLE `market_stock_analyses` (
	`account_id` text NOT NULL,
	`symbol` text NOT NULL,
	`include_news` integer NOT NULL,
	`analysis_at` integer NOT NULL,
	`analysis_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `symbol`, `include_news`, `analysis_at`)
);
--> statement-breakpoint
CREATE INDEX `market_stock_analyses_created` ON `market_stock_analyses` (`created_at`);--> statement-breakpoint
CREATE TABLE `market_stock_backtests` (
	`account_id` text NOT NULL,
	`symbol` text NOT NULL,
	`eval_window_days` integer NOT NULL,
	`body` text NOT NULL,
	`generated_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `symbol`, `eval_window_days`)
);
--> statement-breakpoint
CREATE INDEX `market_stock_backtests_generated` ON `market_stock_backtests` (`generated_at`);