-- Trigram indexes make the admin's "contains" searches (order number, customer name or e-mail)
-- use an index instead of scanning every order. pg_trgm ships with PostgreSQL (contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
