-- Full-text search of the investigator's desk: one row per evidence item (rowid = evidence.id) with its title, notes,
-- location and its participant's username and full name. Kept current by the triggers below, so every writer
-- (the app, the CLI, another instance on the same sqld) keeps it right. Diacritics are folded: "cafe" finds "Café".
CREATE VIRTUAL TABLE `evidence_fts` USING fts5(title, notes, location, username, full_name, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `evidence_fts` (rowid, title, notes, location, username, full_name)
	SELECT e.id, e.title, e.notes, coalesce(e.location, ''), u.username, u.full_name FROM evidence e JOIN users u ON u.id = e.user_id;
--> statement-breakpoint
CREATE TRIGGER `evidence_fts_insert` AFTER INSERT ON `evidence` BEGIN
	INSERT INTO `evidence_fts` (rowid, title, notes, location, username, full_name)
		SELECT new.id, new.title, new.notes, coalesce(new.location, ''), u.username, u.full_name FROM users u WHERE u.id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_fts_update` AFTER UPDATE OF title, notes, location, user_id ON `evidence` BEGIN
	DELETE FROM `evidence_fts` WHERE rowid = old.id;
	INSERT INTO `evidence_fts` (rowid, title, notes, location, username, full_name)
		SELECT new.id, new.title, new.notes, coalesce(new.location, ''), u.username, u.full_name FROM users u WHERE u.id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_fts_delete` AFTER DELETE ON `evidence` BEGIN
	DELETE FROM `evidence_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_fts_user_names` AFTER UPDATE OF username, full_name ON `users` BEGIN
	UPDATE `evidence_fts` SET username = new.username, full_name = new.full_name
		WHERE rowid IN (SELECT id FROM evidence WHERE user_id = new.id);
END;
