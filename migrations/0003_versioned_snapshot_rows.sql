PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_snapshot_records` (
	`dataset` text NOT NULL,
	`version` integer NOT NULL,
	`seq` integer NOT NULL,
	`payload` text NOT NULL,
	PRIMARY KEY(`dataset`, `version`, `seq`)
);
--> statement-breakpoint
INSERT INTO `__new_snapshot_records`("dataset", "version", "seq", "payload") SELECT r."dataset", COALESCE(m."version", 0), r."seq", r."payload" FROM `snapshot_records` r LEFT JOIN `snapshot_meta` m ON m."dataset" = r."dataset";--> statement-breakpoint
DROP TABLE `snapshot_records`;--> statement-breakpoint
ALTER TABLE `__new_snapshot_records` RENAME TO `snapshot_records`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `snapshot_meta` ADD `staged_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `snapshot_meta` SET `staged_version` = `version`;