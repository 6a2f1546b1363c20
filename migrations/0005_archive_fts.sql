-- Full-text index over the archive (drizzle-kit cannot express FTS5 virtual tables, hence a custom
-- migration). External content: the text lives once, in archive_documents; the triggers keep the
-- index in step with every insert, update and delete (retention included), inside the writer's
-- transaction. Porter stemming over unicode61 (diacritics folded) so "strikes" finds "strike".
CREATE VIRTUAL TABLE `archive_fts` USING fts5(
	title,
	body,
	content='archive_documents',
	content_rowid='seq',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `archive_documents_ai` AFTER INSERT ON `archive_documents` BEGIN
	INSERT INTO archive_fts(rowid, title, body) VALUES (new.seq, new.title, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `archive_documents_ad` AFTER DELETE ON `archive_documents` BEGIN
	INSERT INTO archive_fts(archive_fts, rowid, title, body) VALUES ('delete', old.seq, old.title, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `archive_documents_au` AFTER UPDATE ON `archive_documents` BEGIN
	INSERT INTO archive_fts(archive_fts, rowid, title, body) VALUES ('delete', old.seq, old.title, old.body);
	INSERT INTO archive_fts(rowid, title, body) VALUES (new.seq, new.title, new.body);
END;
--> statement-breakpoint
-- Rows written before this migration (none on a fresh database) are indexed too.
INSERT INTO archive_fts(archive_fts) VALUES ('rebuild');
