CREATE TABLE "remote_canary_counts" (
	"remote" varchar(32) NOT NULL,
	"version" varchar(80) NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"load_errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "remote_canary_counts_remote_version_minute_pk" PRIMARY KEY("remote","version","minute")
);
