CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, body BLOB, score REAL);
INSERT INTO note (id, title, body, score) VALUES (1, 'first', X'00FF', 1.5), (2, 'second; with semicolon', NULL, NULL);
CREATE TRIGGER note_title AFTER INSERT ON note BEGIN
  UPDATE note SET score = COALESCE(score, 0) WHERE id = new.id;
END;
