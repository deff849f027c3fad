from benchmarks.seating.run import main

main()
