from plantdesk.cli import app

app()
