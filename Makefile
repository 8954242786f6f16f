# `make play` and `make test` are the README's contract: each works on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_PLAY := $(VENV)/.installed-play
STAMP_TEST := $(VENV)/.installed-test
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test dist bench simulate clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_PLAY): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_PLAY)

play: $(STAMP_PLAY)
	$(PY) -m barclay_desktop

test: $(STAMP_TEST)
	$(HEADLESS) $(PY) -m pytest -n auto

dist: $(STAMP_TEST)
	$(PY) -m pip install --quiet -e '.[dist]'
	$(PY) -m PyInstaller --noconfirm --clean build.spec
	$(HEADLESS) dist/barclay-desktop/barclay-desktop --frames 30

# The quick benchmarks, each under half a minute; README lists the slower ones in bench/.
bench: $(STAMP_TEST)
	$(HEADLESS) $(PY) bench/barclay_rules.py
	$(HEADLESS) $(PY) bench/spies_lies_rules.py
	$(HEADLESS) $(PY) bench/stawka_rules.py
	$(HEADLESS) $(PY) bench/stawka_board.py
	$(HEADLESS) $(PY) bench/client_frames.py menu
	$(HEADLESS) $(PY) bench/save_size.py
	$(HEADLESS) $(PY) bench/ai_think_time.py --levels normal
	$(HEADLESS) $(PY) bench/ai_think_time.py --game stawka --levels easy
	$(HEADLESS) $(PY) bench/ai_frame_impact.py

clean:
	rm -rf $(VENV) build dist
